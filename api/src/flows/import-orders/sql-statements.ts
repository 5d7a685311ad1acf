export * from '../../db/sql-statements';
