import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WmsOrderLine } from '../wms-contract';
import type { FaultRequest } from './fault-plan';
import { isObject } from './order-validation';
import { BodyProblem, readJsonBody, sendJson } from './simulator-http';
import type { WmsSimulatorState } from './wms-simulator-state';

/**
 * `/__simulator/…`: the state object's operations over HTTP, for standalone runs, other processes
 * and the e2e. No auth (a local test tool) and not in the call log.
 */
export async function handleControlCall(
  state: WmsSimulatorState,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET';
  const path = url.pathname.replace(/\/+$/, '');
  const problem = (message: string) => sendJson(response, 400, { error: message });
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    problem(error instanceof BodyProblem ? error.message : 'Unreadable body.');
    return;
  }
  const fields = isObject(body) ? body : {};

  if (method === 'POST' && path === '/__simulator/orders') {
    const lines = fields.lines as WmsOrderLine[] | undefined;
    const result = state.createOrder({
      reference: typeof fields.reference === 'string' ? fields.reference : undefined,
      order_number: typeof fields.order_number === 'string' ? fields.order_number : undefined,
      lines: Array.isArray(lines) ? lines : undefined,
      shipping_method: typeof fields.shipping_method === 'string' ? fields.shipping_method : null,
    });
    sendJson(response, result.status === 'accepted' ? 201 : 422, { result });
    return;
  }
  const ship = /^\/__simulator\/ship\/([^/]+)$/.exec(path);
  if (method === 'POST' && ship) {
    const reference = decodeURIComponent(ship[1] ?? '');
    const shipment = state.ship(reference);
    if (shipment) sendJson(response, 200, { shipment });
    else if (state.order(reference)) sendJson(response, 409, { error: 'The order is already shipped.' });
    else sendJson(response, 404, { error: 'No order with this reference.' });
    return;
  }
  if (path === '/__simulator/faults') {
    if (method === 'POST') {
      try {
        state.addFault(fields as FaultRequest);
      } catch (error) {
        problem((error as Error).message);
        return;
      }
      sendJson(response, 201, { faults: state.faults() });
      return;
    }
    if (method === 'DELETE') {
      state.clearFaults();
      sendJson(response, 200, { faults: [] });
      return;
    }
    if (method === 'GET') {
      sendJson(response, 200, { faults: state.faults() });
      return;
    }
  }
  if (path === '/__simulator/calls') {
    if (method === 'GET') {
      const since = url.searchParams.get('since');
      sendJson(response, 200, { calls: state.calls(since ? Number(since) : undefined) });
      return;
    }
    if (method === 'DELETE') {
      state.clearCalls();
      sendJson(response, 200, { calls: [] });
      return;
    }
  }
  if (path === '/__simulator/stock') {
    if (method === 'PUT' || method === 'POST') {
      const levels = Array.isArray(fields.levels) ? fields.levels : null;
      const valid =
        levels?.every(
          (level) =>
            isObject(level) &&
            typeof level.sku === 'string' &&
            typeof level.quantity === 'number' &&
            level.quantity >= 0,
        ) ?? false;
      if (!levels || !valid) {
        problem('Send {"levels": [{"sku": "...", "quantity": 0}]}.');
        return;
      }
      for (const level of levels as { sku: string; quantity: number }[])
        state.setStock(level.sku, level.quantity);
    }
    if (method === 'GET' || method === 'PUT' || method === 'POST') {
      sendJson(response, 200, { stock: state.stock(), levels: state.stockLevels() });
      return;
    }
  }
  if (method === 'GET' && path === '/__simulator/state') {
    sendJson(response, 200, {
      ...state.summary(),
      orderList: state.orders(),
      shipmentList: state.shipments(),
    });
    return;
  }
  if (path === '/__simulator/rate-limit' && method === 'PUT') {
    if (typeof fields.calls !== 'number' || typeof fields.periodSeconds !== 'number') {
      problem('Send {"calls": 10, "periodSeconds": 60}.');
      return;
    }
    state.setRateLimit({ calls: fields.calls, periodSeconds: fields.periodSeconds });
    sendJson(response, 200, { rateLimit: state.summary().rateLimit });
    return;
  }
  if (path === '/__simulator/traffic') {
    if (method === 'POST') {
      state.startTraffic(typeof fields.everyMs === 'number' ? fields.everyMs : undefined);
      sendJson(response, 200, { traffic: true });
      return;
    }
    if (method === 'DELETE') {
      state.stopTraffic();
      sendJson(response, 200, { traffic: false });
      return;
    }
  }
  sendJson(response, 404, { error: `No simulator control ${method} ${url.pathname}.` });
}
