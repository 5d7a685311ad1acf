import type { ChannelCourierDto, CourierDto, CourierMappingDto } from '@syncdesk/contracts';
import type { ChannelCourier, Courier, CourierMapping } from '../../db/courier.models';

export function toCourierDto(courier: Courier): CourierDto {
  return { id: courier.id, code: courier.code, name: courier.name, tracking_url: courier.tracking_url };
}

export function toChannelCourierDto(row: ChannelCourier, courier: Courier | null): ChannelCourierDto {
  return {
    id: row.id,
    store_id: row.store_id,
    channel_id: row.channel_id,
    courier_id: row.courier_id,
    courier: courier ? { id: courier.id, code: courier.code, name: courier.name } : null,
    name: row.name,
    custom_name: row.custom_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toCourierMappingDto(
  row: CourierMapping,
  channelCourier: ChannelCourier | null,
): CourierMappingDto {
  return {
    id: row.id,
    store_id: row.store_id,
    channel_id: row.channel_id,
    shipping_method: row.shipping_method,
    channel_courier_id: row.channel_courier_id,
    channel_courier: channelCourier
      ? { id: channelCourier.id, name: channelCourier.name, custom_name: channelCourier.custom_name }
      : null,
    service_code: row.service_code,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
