import type { Migration } from '../migrate';

/**
 * Reading a product's stock history: giving back what an order line took finds the line's
 * movements by their source (the line key), and a product's `stock_updated` activities are read
 * by subject. Without these, both scan every row of the store or of the activity log.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex('stock_movements', ['store_id', 'source_ref'], {
    name: 'stock_movements_store_id_source_ref',
  });
  await queryInterface.addIndex('activities', ['subject_type', 'subject_id', 'event'], {
    name: 'activities_subject_type_subject_id_event',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex('activities', 'activities_subject_type_subject_id_event');
  await queryInterface.removeIndex('stock_movements', 'stock_movements_store_id_source_ref');
};
