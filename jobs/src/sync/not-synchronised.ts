import { findCatalogueEntry, LOG_STATUS, notSynchronisedText, type ChannelKind } from '@syncdesk/contracts';
import type { JobContext } from '../definitions/job-definition';

/** The connection a job was queued for, as far as the note needs it. */
export interface UnsyncedConnection {
  id: number;
  company_id: number;
  store_id: number;
  kind: ChannelKind;
  type: string;
}

const INFO = LOG_STATUS.byKey('info').value;

/**
 * A job ran for a type that connects but that no provider synchronises yet. Instead of skipping in
 * silence (the seller would believe it syncs), the transaction records say so — once a day per
 * connection, however many jobs and workers run for it.
 */
export async function noteNotSynchronised(
  context: JobContext,
  connection: UnsyncedConnection,
  jobType: string,
): Promise<void> {
  const { syncState, transactionRecords } = context.services;
  if (!(await syncState.claimNotSynchronisedNote(connection.id))) return;
  const name = findCatalogueEntry(connection.type)?.name ?? connection.type;
  // The process's own recorder, not the sync runtime's: a job run outside the worker has a runtime
  // that discards records, and this note must reach the seller whoever runs the job.
  transactionRecords.recorder.record({
    companyId: connection.company_id,
    storeId: connection.store_id,
    channelId: connection.id,
    kind: connection.kind === 'plugin' ? 'plugin' : 'channel',
    type: jobType,
    method: '',
    url: '',
    status: INFO,
    httpStatus: null,
    responseTimeMs: 0,
    attempts: 0,
    message: notSynchronisedText(name, connection.kind),
    requestBody: null,
    responseBody: null,
    waitingRequests: 0,
    errorCode: 'not_synchronised',
    createdAt: new Date(),
  });
  await transactionRecords.recorder.flush();
}
