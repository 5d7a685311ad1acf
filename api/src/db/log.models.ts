import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { id, init, jsonColumn } from './model-helpers';

/**
 * One external call (platform-shell §3 "Log"), written in batches by the logs module's recorder.
 * Bodies are stored already redacted (the jobs' transport blanks credentials before recording).
 */
export class TransactionRecord extends Model<
  InferAttributes<TransactionRecord>,
  InferCreationAttributes<TransactionRecord>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  /** The channel or plugin (both are `channels` rows); null for api records. */
  declare channel_id: number | null;
  declare kind: 'channel' | 'plugin' | 'api';
  declare type: string;
  declare method: string;
  declare url: string;
  /** LOG_STATUS value. */
  declare status: number;
  declare http_status: number | null;
  declare response_time_ms: number;
  declare attempts: number;
  declare message: string;
  declare request_body: string | null;
  declare response_body: string | null;
  declare waiting_requests: number;
  declare error_code: string | null;
  /** The job and its data that repeat this call (`PUT …/retry`). */
  declare operation: { job: string; data: Record<string, unknown> } | null;
  declare retry_of_id: number | null;
  declare retried_by_id: CreationOptional<number | null>;
  declare retry_queued_at: CreationOptional<Date | null>;
  declare ignored_at: CreationOptional<Date | null>;
  declare created_at: Date;
}

export interface LogModels {
  TransactionRecord: typeof TransactionRecord;
}

export function defineLogModels(sequelize: Sequelize): LogModels {
  const models: LogModels = { TransactionRecord: class extends TransactionRecord {} };
  // MEDIUMTEXT on MySQL (see migration 0021); SQLite has one TEXT and warns about the option.
  const body = sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('medium');
  init<TransactionRecord>(
    models.TransactionRecord,
    sequelize,
    'transaction_records',
    {
      id,
      company_id: { type: DataTypes.INTEGER, allowNull: false },
      store_id: { type: DataTypes.INTEGER, allowNull: false },
      channel_id: { type: DataTypes.INTEGER, allowNull: true },
      kind: { type: DataTypes.STRING(10), allowNull: false },
      type: { type: DataTypes.STRING(40), allowNull: false },
      method: { type: DataTypes.STRING(10), allowNull: false },
      url: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.TINYINT, allowNull: false },
      http_status: { type: DataTypes.SMALLINT, allowNull: true },
      response_time_ms: { type: DataTypes.INTEGER, allowNull: false },
      attempts: { type: DataTypes.SMALLINT, allowNull: false },
      message: { type: DataTypes.STRING(1000), allowNull: false },
      request_body: { type: body, allowNull: true },
      response_body: { type: body, allowNull: true },
      waiting_requests: { type: DataTypes.INTEGER, allowNull: false },
      error_code: { type: DataTypes.STRING(100), allowNull: true },
      operation: jsonColumn('operation', true),
      retry_of_id: { type: DataTypes.INTEGER, allowNull: true },
      retried_by_id: { type: DataTypes.INTEGER, allowNull: true },
      retry_queued_at: { type: DataTypes.DATE, allowNull: true },
      ignored_at: { type: DataTypes.DATE, allowNull: true },
      // The call's start, given by the recorder (not the insert time: records are written in batches).
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    false,
  );
  return models;
}
