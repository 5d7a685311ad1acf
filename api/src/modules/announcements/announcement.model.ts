import {
  DataTypes,
  Model,
  type InferAttributes,
  type InferCreationAttributes,
  type CreationOptional,
  type Sequelize,
} from 'sequelize';

export class Announcement extends Model<
  InferAttributes<Announcement>,
  InferCreationAttributes<Announcement>
> {
  declare id: CreationOptional<number>;
  declare message: string;
  declare created_by: number;
  declare published_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export function defineAnnouncementModel(sequelize: Sequelize): typeof Announcement {
  // Models are bound per Sequelize instance so tests and the bench can hold several databases at once.
  const model = class extends Announcement {};
  model.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      message: { type: DataTypes.STRING(500), allowNull: false },
      created_by: { type: DataTypes.INTEGER, allowNull: false },
      published_at: { type: DataTypes.DATE, allowNull: true },
      created_at: DataTypes.DATE,
      updated_at: DataTypes.DATE,
    },
    {
      sequelize,
      tableName: 'announcements',
      underscored: true,
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  );
  return model;
}
