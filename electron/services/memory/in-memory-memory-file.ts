import { randomUUID } from 'node:crypto';
import { ContractError } from '../../../shared/contract/contract-error';
import type { Memory } from '../../../shared/memory/memory';
import type { MemoryFile } from '../store/settings/memory-file-store';

/** The memory file kept in memory: for tests and hosts without a data folder. Same rules, no disk. */
export function createInMemoryMemoryFile(options: { now?: () => number; newId?: () => string } = {}): MemoryFile {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  let notes: Memory[] = [];
  return {
    all: async () => notes.map((note) => ({ ...note })),
    problem: () => null,
    async add(input) {
      const at = now();
      const entry: Memory = { memoryId: newId(), ...input, savedAt: at, updatedAt: at };
      notes = [...notes, entry];
      return { ...entry };
    },
    async update(memoryId, changes) {
      const current = notes.find((note) => note.memoryId === memoryId);
      if (!current) throw new ContractError('not-found', `There is no memory with id ${memoryId}. It may have been deleted.`);
      const next: Memory = { ...current, ...stripUndefined(changes), updatedAt: now() };
      notes = notes.map((note) => (note === current ? next : note));
      return { ...next };
    },
    async remove(memoryId) {
      const before = notes.length;
      notes = notes.filter((note) => note.memoryId !== memoryId);
      return notes.length < before;
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
