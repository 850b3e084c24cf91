/**
 * Stock: what a SKU has on the shelf, the status shown for it, and every write to it. Catalog list queries read
 * the stock columns inside their own statements (filtering and sorting by stock needs them there); everything
 * that changes stock goes through changeStock, which also tells stockChanged subscribers.
 */
export { changeStock, skuAvailability, type StockLedger } from './inventory-service';
export { stockOf } from './stock-status';
