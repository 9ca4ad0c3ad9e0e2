import type { ComponentType } from 'react';
import type { ChallengesSection } from '../components/ChallengesSection';

/**
 * The challenges feature has no page of its own: My matches shows its section. The app hands this loader to the
 * matches routes (features do not import each other); the section's code loads with My matches only.
 */
export async function loadChallengesSection(): Promise<
  ComponentType<Parameters<typeof ChallengesSection>[0]>
> {
  return (await import('../components/ChallengesSection')).ChallengesSection;
}
