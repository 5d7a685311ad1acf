import { DataTypes, type Model, type ModelStatic, type Sequelize } from 'sequelize';

/** One row of the jobs table, as Sequelize hands it back (raw queries may give strings for dates). */
export interface JobRow {
  id: number | string;
  name: string;
  priority: number;
  type: string;
  /** `single:<name>` for agenda.every() jobs, `unique:<hash>` for unique() jobs; null otherwise. */
  uniqueKey: string | null;
  nextRunAt: Date | string | null;
  lockedAt: Date | string | null;
  lastRunAt: Date | string | null;
  lastFinishedAt: Date | string | null;
  failedAt: Date | string | null;
  failCount: number | null;
  failReason: string | null;
  repeatInterval: string | null;
  repeatTimezone: string | null;
  repeatAt: string | null;
  startDate: Date | string | null;
  endDate: Date | string | null;
  /** JSON array of week days. */
  skipDays: string | null;
  disabled: boolean | number;
  progress: number | null;
  fork: boolean | number;
  /** JSON text of the job's data. */
  data: string | null;
  lastModifiedBy: string | null;
  debounceStartedAt: Date | string | null;
}

export type JobRowValues = Partial<Omit<JobRow, 'id'>>;

export type JobTableModel = ModelStatic<Model<JobRow, JobRowValues>>;

/**
 * Defines (or reuses) the Sequelize model of the jobs table. Several backends may share one
 * Sequelize instance (two Agenda instances in a process), so the model is defined once per table.
 */
export function defineJobTable(sequelize: Sequelize, tableName: string): JobTableModel {
  const modelName = `AgendaJob_${tableName}`;
  if (sequelize.isDefined(modelName)) return sequelize.model(modelName) as JobTableModel;
  // SQLite only auto-increments an INTEGER PRIMARY KEY (which is 64-bit there anyway).
  const idType = sequelize.getDialect() === 'sqlite' ? DataTypes.INTEGER : DataTypes.BIGINT;
  const date = DataTypes.DATE(3);
  // MySQL's TEXT stops at 64 KB; SQLite has a single TEXT type and warns about the length option.
  const longText = sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('long');
  return sequelize.define<Model<JobRow, JobRowValues>>(
    modelName,
    {
      id: { type: idType, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(255), allowNull: false },
      priority: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'normal' },
      uniqueKey: { type: DataTypes.STRING(255), field: 'unique_key' },
      nextRunAt: { type: date, field: 'next_run_at' },
      lockedAt: { type: date, field: 'locked_at' },
      lastRunAt: { type: date, field: 'last_run_at' },
      lastFinishedAt: { type: date, field: 'last_finished_at' },
      failedAt: { type: date, field: 'failed_at' },
      failCount: { type: DataTypes.INTEGER, field: 'fail_count' },
      failReason: { type: DataTypes.TEXT, field: 'fail_reason' },
      repeatInterval: { type: DataTypes.STRING(255), field: 'repeat_interval' },
      repeatTimezone: { type: DataTypes.STRING(100), field: 'repeat_timezone' },
      repeatAt: { type: DataTypes.STRING(255), field: 'repeat_at' },
      startDate: { type: date, field: 'start_date' },
      endDate: { type: date, field: 'end_date' },
      skipDays: { type: DataTypes.STRING(64), field: 'skip_days' },
      disabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      progress: { type: DataTypes.DOUBLE },
      fork: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      data: { type: longText },
      lastModifiedBy: { type: DataTypes.STRING(255), field: 'last_modified_by' },
      debounceStartedAt: { type: date, field: 'debounce_started_at' },
    },
    {
      tableName,
      timestamps: false,
      indexes: [
        // Serves both halves of the lock query: (name, disabled, lockedAt IS NULL, nextRunAt <= ?) read
        // in (nextRunAt ASC, priority DESC) order, and the expired-lock range (lockedAt <= ?).
        {
          name: `${tableName}_lock`,
          fields: ['name', 'disabled', 'locked_at', 'next_run_at', { name: 'priority', order: 'DESC' }],
        },
        { name: `${tableName}_name_next_run`, fields: ['name', 'next_run_at', 'priority'] },
        { name: `${tableName}_locked_at`, fields: ['locked_at'] },
        { name: `${tableName}_next_run_at`, fields: ['next_run_at'] },
        { name: `${tableName}_unique_key`, fields: ['unique_key'], unique: true },
      ],
    },
  );
}
