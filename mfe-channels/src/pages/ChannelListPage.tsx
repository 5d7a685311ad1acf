// The channels page lives with the other connection screens in ../connections.
export { ChannelListPage } from '../connections/ChannelListPage';
