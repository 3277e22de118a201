import { useEffect, useMemo, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useTaco } from '../../store/store-context';
import { SkillCard } from './SkillCard';
import { SkillInstall } from './SkillInstall';
import { SKILL_SOURCE_WORDS, skillMatches } from './skill-words';

/**
 * The catalogue's skills: what the open conversation would see (workspace, project, every
 * conversation, other agents' when Settings allows), the folders refused with why, and Add a skill.
 */
export function CatalogueSkills({ query }: { query: string }) {
  const listing = useTaco((state) => state.skillListing);
  const error = useTaco((state) => state.skillsError);
  const loadSkills = useTaco((state) => state.loadSkills);
  const project = useTaco((state) => {
    const open = state.conversations.find((conversation) => conversation.conversationId === state.activeConversationId);
    const projectId = open ? (open.projectId ?? null) : state.draftProjectId;
    return state.projects.find((candidate) => candidate.projectId === projectId) ?? null;
  });
  const projectId = project?.projectId ?? null;
  const [adding, setAdding] = useState(false);
  const shown = useMemo(() => (listing?.skills ?? []).filter((skill) => skillMatches(skill, query)), [listing, query]);

  useEffect(() => {
    void loadSkills(projectId);
  }, [loadSkills, projectId]);

  return (
    <section className="catalogue-category catalogue-skills" data-testid="catalogue-skills" aria-labelledby="catalogue-skills-title">
      <div className="skill-install-head">
        <h3 id="catalogue-skills-title">Skills</h3>
        {!adding && (
          <button type="button" className="button" data-testid="skill-add" onClick={() => setAdding(true)}>
            Add a skill…
          </button>
        )}
      </div>
      <p className="muted small">
        Folders of instructions the model loads when a request needs them: only their names and descriptions reach the prompt, and only
        those that fit the request.
      </p>
      {adding && (
        <SkillInstall project={project ? { projectId: project.projectId, name: project.name } : null} onClose={() => setAdding(false)} />
      )}
      {error && (
        <div className="notice" role="alert">
          <span className="notice-text">{error}</span>
          <button type="button" className="button" onClick={() => void loadSkills(projectId)}>
            Retry
          </button>
        </div>
      )}
      {listing === null && !error && <p className="muted">Loading the skills…</p>}
      {listing !== null && listing.skills.length === 0 && (
        <p className="muted small" data-testid="skills-none">
          No skills yet. Add one here, or put skill folders in the workspace’s {`${DEFAULTS.skills.workspaceFolder}/`} folder.
        </p>
      )}
      {listing !== null && listing.skills.length > 0 && shown.length === 0 && <p className="muted small">No skill matches “{query}”.</p>}
      {shown.map((skill) => (
        <SkillCard key={skill.folder} skill={skill} projectId={projectId} />
      ))}
      {listing !== null && listing.problems.length > 0 && (
        <details className="usage" data-testid="skill-problems">
          <summary>
            {listing.problems.length === 1 ? '1 skill folder was refused' : `${listing.problems.length} skill folders were refused`}
          </summary>
          <ul className="skill-problems">
            {listing.problems.map((problem) => (
              <li key={problem.folder} data-testid="skill-problem">
                <code>{problem.folder}</code> ({SKILL_SOURCE_WORDS[problem.source]}): {problem.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
