import { open, type FileHandle } from 'node:fs/promises';

export interface TextHead {
  text: string;
  /** Size of the whole file in bytes. */
  size: number;
  truncated: boolean;
  /** A NUL byte in what was read: not a text file. */
  binary: boolean;
}

/** Reads at most `maxBytes` of a file as UTF-8 and says whether it looks binary. */
export async function readTextHead(file: string, maxBytes: number): Promise<TextHead> {
  const handle = await open(file, 'r');
  try {
    return await readHandleHead(handle, maxBytes);
  } finally {
    await handle.close();
  }
}

/** readTextHead on a file already opened (and verified: open-verified.ts); the caller closes it. */
export async function readHandleHead(handle: FileHandle, maxBytes: number): Promise<TextHead> {
  const { size } = await handle.stat();
  const length = Math.min(size, maxBytes);
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const bytes = buffer.subarray(0, read);
  return { text: new TextDecoder('utf-8').decode(bytes), size, truncated: size > read, binary: bytes.includes(0) };
}
