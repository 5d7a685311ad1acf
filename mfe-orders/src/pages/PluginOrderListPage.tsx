// `/plugins/orders/:storeId`: the page lives with the plugin orders screens.
export { PluginOrderListPage } from '../plugin-orders/PluginOrderListPage';
