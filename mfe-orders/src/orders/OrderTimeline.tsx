import { ActivityTimeline } from '../components/ActivityTimeline';
import { orderActivitiesPath } from './orders.api';

export interface OrderTimelineProps {
  orderId: number;
  /** The order's number, for activities that don't carry it. */
  orderNumber: string;
  /** Bumped by the page on every live event or action, so the timeline refetches. */
  version: number;
}

/** The order's history (spec §3 Order activity: when, who, via what, old → new), newest first. */
export function OrderTimeline({ orderId, orderNumber, version }: OrderTimelineProps) {
  return <ActivityTimeline path={orderActivitiesPath(orderId)} subjectName={orderNumber} version={version} />;
}
