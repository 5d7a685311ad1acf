import { DataTypes, type Model, type ModelAttributes, type Sequelize } from 'sequelize';

/** Column shapes and the init call every model file shares. */

export const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
export const timestamps = { created_at: DataTypes.DATE, updated_at: DataTypes.DATE };
/** Who holds a send's claim on the row and until when (migration 0042, flows/outbound-claims). */
export const leaseColumns = {
  claimed_by: { type: DataTypes.STRING(64), allowNull: true, defaultValue: null },
  lease_until: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
};

/** A JSON value kept in a TEXT column (portable between MySQL and SQLite). */
export function jsonColumn(field: string, allowNull: boolean) {
  return {
    type: DataTypes.TEXT,
    allowNull,
    get(this: Model) {
      const raw = this.getDataValue(field) as string | null;
      return raw === null || raw === undefined ? null : JSON.parse(raw);
    },
    set(this: Model, value: unknown) {
      this.setDataValue(field, value === null || value === undefined ? null : JSON.stringify(value));
    },
  };
}

export function init<M extends Model>(
  model: { init(attributes: ModelAttributes<M>, options: object): unknown },
  sequelize: Sequelize,
  tableName: string,
  attributes: ModelAttributes<M>,
  withTimestamps: boolean | 'created' = true,
): void {
  model.init(attributes, {
    sequelize,
    tableName,
    underscored: true,
    timestamps: withTimestamps !== false,
    createdAt: withTimestamps === false ? false : 'created_at',
    updatedAt: withTimestamps === true ? 'updated_at' : false,
  });
}
