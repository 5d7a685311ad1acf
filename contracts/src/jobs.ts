/** Job names, namespaced by domain (`<domain>.<verb>`), and the data each carries. */
export const JOB_NAMES = {
  /** Delivers a saved platform announcement to every connected page. */
  systemAnnounce: 'system.announce',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export interface JobData {
  'system.announce': { announcementId: number };
}
