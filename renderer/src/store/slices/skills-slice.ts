import type { SkillInstallFrom, SkillInstallPreview, SkillInstallTarget, SkillListing } from '../../../../shared/skills/skills';
import { describeCallFailure } from '../../transport/taco-call-error';
import type { SliceCreator } from '../store-types';
import type { ActionResult } from './conversation-management-slice';

/**
 * Skills as the catalogue shows them: main reads and checks the folders (`skills.*` calls); this
 * keeps the listing for the project it was asked for, and passes installs and removals through.
 */
export interface SkillsSlice {
  /** null until the first listing arrives. */
  skillListing: SkillListing | null;
  skillsError: string | null;
  loadSkills(projectId: string | null): Promise<void>;
  /** Stages a skill and says what it holds; nothing is added. A refusal is a preview with its reason. */
  previewSkill(from: SkillInstallFrom, target: SkillInstallTarget): Promise<SkillInstallPreview>;
  installSkill(previewId: string, projectId: string | null): Promise<ActionResult>;
  cancelSkillPreview(previewId: string): Promise<void>;
  removeSkill(folder: string, projectId: string | null): Promise<ActionResult>;
}

declare module '../store-types' {
  interface TacoState extends SkillsSlice {}
}

export const createSkillsSlice: SliceCreator<SkillsSlice> = (set, get, { api }) => {
  let asked: string | null | undefined;
  return {
    skillListing: null,
    skillsError: null,

    async loadSkills(projectId) {
      asked = projectId;
      try {
        const listing = await api.call('skills.list', { projectId });
        // An older answer for another project must not replace the one asked for last.
        if (asked === projectId) set({ skillListing: listing, skillsError: null });
      } catch (error) {
        if (asked === projectId) set({ skillsError: describeCallFailure(error) });
      }
    },

    async previewSkill(from, target) {
      try {
        return await api.call('skills.preview', { from, target });
      } catch (error) {
        return { ok: false, reason: describeCallFailure(error) };
      }
    },

    async installSkill(previewId, projectId) {
      try {
        await api.call('skills.install', { previewId });
        await get().loadSkills(projectId);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describeCallFailure(error) };
      }
    },

    async cancelSkillPreview(previewId) {
      try {
        await api.call('skills.cancelPreview', { previewId });
      } catch {
        // A preview main no longer holds is dropped already (and expires anyway).
      }
    },

    async removeSkill(folder, projectId) {
      try {
        await api.call('skills.remove', { folder });
        await get().loadSkills(projectId);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describeCallFailure(error) };
      }
    },
  };
};
