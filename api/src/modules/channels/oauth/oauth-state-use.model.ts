import {
  DataTypes,
  Model,
  Op,
  UniqueConstraintError,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { init } from '../../../db/model-helpers';

/** A redeemed OAuth `state` (migration 2026-11-22-0008): its nonce, kept until it would have expired. */
export class OAuthStateUse extends Model<
  InferAttributes<OAuthStateUse>,
  InferCreationAttributes<OAuthStateUse>
> {
  declare nonce: string;
  declare channel_id: number;
  declare expires_at: Date;
  declare created_at: CreationOptional<Date>;
}

export interface OAuthStateUses {
  /**
   * Marks a state's nonce as used. False when it was already used: the primary key decides, so
   * two callbacks racing with the same state cannot both go on to exchange a code.
   */
  claim(use: { nonce: string; channelId: number; expiresAt: Date }): Promise<boolean>;
}

/** Only the authorisation flow reads this table, so its model lives here rather than in db/models. */
export function createOAuthStateUses(sequelize: Sequelize): OAuthStateUses {
  const StateUse = class extends OAuthStateUse {};
  init<OAuthStateUse>(
    StateUse,
    sequelize,
    'oauth_state_uses',
    {
      nonce: { type: DataTypes.STRING(64), primaryKey: true },
      channel_id: { type: DataTypes.INTEGER, allowNull: false },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  return {
    async claim({ nonce, channelId, expiresAt }) {
      // An expired state is refused by its signature check already; its row has done its job.
      await StateUse.destroy({ where: { expires_at: { [Op.lt]: new Date() } } });
      try {
        await StateUse.create({ nonce, channel_id: channelId, expires_at: expiresAt });
        return true;
      } catch (error) {
        if (error instanceof UniqueConstraintError) return false;
        throw error;
      }
    },
  };
}
