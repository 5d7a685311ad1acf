import type { Migration } from '../migrate';

/** The channel product sync status of a listing with no product of ours (contracts: 'unmatched'). */
const UNMATCHED = 15;
/** Pending, failed and inventory level pending: what a stock push left a shop-only listing in. */
const LEFT_BY_PUSH = [0, 3, 4];

export const up: Migration = async ({ context: { queryInterface } }) => {
  // Shop-only listings used to be failed by every stock push ("Failed" beside "Unmatched"): they
  // read Unmatched now, out of the failures, until the seller matches them.
  await queryInterface.sequelize.query(
    `UPDATE channel_products SET sync_status = ${UNMATCHED} ` +
      `WHERE product_id IS NULL AND sync_status IN (${LEFT_BY_PUSH.join(', ')})`,
  );
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.sequelize.query(
    `UPDATE channel_products SET sync_status = 3 WHERE sync_status = ${UNMATCHED}`,
  );
};
