import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { InvoiceStatus, InvoiceSyncStatus } from '@syncdesk/contracts';
import { id, init, timestamps } from './model-helpers';

/** Invoices for a store's accounting channel and their lines. DECIMAL columns come back as strings. */

export class Invoice extends Model<InferAttributes<Invoice>, InferCreationAttributes<Invoice>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number | null;
  declare invoice_number: string;
  declare order_reference: string | null;
  declare customer_name: string;
  declare customer_email: string | null;
  /** DATEONLY: 'YYYY-MM-DD'. */
  declare invoice_date: string;
  declare currency: string;
  declare status: CreationOptional<InvoiceStatus>;
  declare sync_status: CreationOptional<InvoiceSyncStatus>;
  declare synced_at: CreationOptional<Date | null>;
  declare remote_id: CreationOptional<string | null>;
  declare total_invoice_lines: CreationOptional<number>;
  declare subtotal: CreationOptional<string>;
  declare discount_total: CreationOptional<string>;
  declare tax_total: CreationOptional<string>;
  declare total: CreationOptional<string>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class InvoiceLine extends Model<InferAttributes<InvoiceLine>, InferCreationAttributes<InvoiceLine>> {
  declare id: CreationOptional<number>;
  declare invoice_id: number;
  declare position: number;
  declare sku: string | null;
  declare product_nominal_code: string | null;
  declare description: string;
  declare quantity: string;
  declare tax_type: string;
  declare tax_total: string;
  declare discount_total: string;
  declare unit_price: string;
  declare price: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface InvoiceModels {
  Invoice: typeof Invoice;
  InvoiceLine: typeof InvoiceLine;
}

export function defineInvoiceModels(sequelize: Sequelize): InvoiceModels {
  const models: InvoiceModels = {
    Invoice: class extends Invoice {},
    InvoiceLine: class extends InvoiceLine {},
  };
  /** A fresh object per column: Sequelize writes the column's name into its definition. */
  const money = () => ({ type: DataTypes.DECIMAL(14, 2), allowNull: false, defaultValue: '0.00' });
  init<Invoice>(models.Invoice, sequelize, 'invoices', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: true },
    invoice_number: { type: DataTypes.STRING(60), allowNull: false },
    order_reference: { type: DataTypes.STRING(190), allowNull: true },
    customer_name: { type: DataTypes.STRING(190), allowNull: false },
    customer_email: { type: DataTypes.STRING(190), allowNull: true },
    invoice_date: { type: DataTypes.DATEONLY, allowNull: false },
    currency: { type: DataTypes.STRING(3), allowNull: false },
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'authorised' },
    sync_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    synced_at: { type: DataTypes.DATE, allowNull: true },
    remote_id: { type: DataTypes.STRING(190), allowNull: true },
    total_invoice_lines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    subtotal: money(),
    discount_total: money(),
    tax_total: money(),
    total: money(),
    ...timestamps,
  });
  init<InvoiceLine>(models.InvoiceLine, sequelize, 'invoice_lines', {
    id,
    invoice_id: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    product_nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    description: { type: DataTypes.STRING(500), allowNull: false },
    quantity: { type: DataTypes.DECIMAL(14, 4), allowNull: false },
    tax_type: { type: DataTypes.STRING(60), allowNull: false },
    tax_total: money(),
    discount_total: money(),
    unit_price: { type: DataTypes.DECIMAL(14, 4), allowNull: false },
    price: money(),
    ...timestamps,
  });
  return models;
}
