import { SOMETHING_WENT_WRONG } from '@syncdesk/contracts';

import { ApiError } from '../api-error';
import { errorNotificationText, singleFieldErrorText } from '../error-notification-text';

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

describe('errorNotificationText', () => {
  it('skips when the e-mail verification header is 0', () => {
    const error = new ApiError({
      status: 403,
      message: 'Verify first',
      headers: headers({ 'x-email-verification': '0' }),
    });
    expect(errorNotificationText(error)).toBeNull();
  });

  it('does not skip when the header is 1 or absent', () => {
    const error = new ApiError({
      status: 403,
      message: 'Nope',
      headers: headers({ 'x-email-verification': '1' }),
    });
    expect(errorNotificationText(error)).toBe('Nope');
    expect(errorNotificationText(new ApiError({ status: 403, message: 'Nope' }))).toBe('Nope');
  });

  it('skips trial_period_expired, as the error code or as the message', () => {
    expect(
      errorNotificationText(
        new ApiError({ status: 402, error: 'trial_period_expired', message: 'Trial over' }),
      ),
    ).toBeNull();
    expect(errorNotificationText(new ApiError({ status: 403, message: 'trial_period_expired' }))).toBeNull();
  });

  it("shows the server's message first", () => {
    const error = new ApiError({
      status: 409,
      message: 'You can not delete an active channel',
      errors: { id: ['x'] },
    });
    expect(errorNotificationText(error)).toBe('You can not delete an active channel');
  });

  it('shows the single-field text when the server sent no message', () => {
    expect(
      errorNotificationText(new ApiError({ status: 400, errors: { email: ['The email is invalid'] } })),
    ).toBe('The email is invalid.');
  });

  it('prefers the single-field text over the generic message of a 422', () => {
    const error = new ApiError({
      status: 422,
      message: 'The given data was invalid.',
      error: 'validation',
      errors: { 'channel_settings.order_prefix': ['The channel_settings.order prefix field is required'] },
    });
    expect(errorNotificationText(error)).toBe('The order prefix field is required.');
  });

  it("keeps a 422's message when several fields failed", () => {
    const error = new ApiError({
      status: 422,
      message: 'The given data was invalid.',
      errors: { a: ['A'], b: ['B'] },
    });
    expect(errorNotificationText(error)).toBe('The given data was invalid.');
  });

  it('falls back to the generic text', () => {
    expect(errorNotificationText(new ApiError({ status: 500 }))).toBe(SOMETHING_WENT_WRONG);
    expect(errorNotificationText(new ApiError({ status: 422, errors: { a: ['A'], b: ['B'] } }))).toBe(
      SOMETHING_WENT_WRONG,
    );
    expect(errorNotificationText(new ApiError({ status: 422, message: '  ', errors: {} }))).toBe(
      SOMETHING_WENT_WRONG,
    );
  });
});

describe('singleFieldErrorText', () => {
  it('uses the first message of exactly one field', () => {
    expect(singleFieldErrorText({ name: ['First', 'Second'] })).toBe('First.');
    expect(singleFieldErrorText({ name: ['A'], sku: ['B'] })).toBeNull();
    expect(singleFieldErrorText({})).toBeNull();
    expect(singleFieldErrorText({ name: [] })).toBeNull();
  });

  it("adds a full stop unless it ends in '.' or '!'", () => {
    expect(singleFieldErrorText({ name: ['Required'] })).toBe('Required.');
    expect(singleFieldErrorText({ name: ['Required.'] })).toBe('Required.');
    expect(singleFieldErrorText({ name: ['Required!'] })).toBe('Required!');
  });

  it("removes 'channel settings.' and 'channel_settings.'", () => {
    expect(singleFieldErrorText({ f: ['The channel settings.name field is required.'] })).toBe(
      'The name field is required.',
    );
    expect(singleFieldErrorText({ f: ['channel_settings.low stock buffer must be a number'] })).toBe(
      'low stock buffer must be a number.',
    );
    expect(singleFieldErrorText({ f: ['Check your channel settings.'] })).toBe('Check your.');
  });

  it('normalises a bare string message from the server body', () => {
    const error = new ApiError({ status: 400, errors: { name: 'Too long' } });
    expect(error.errors).toEqual({ name: ['Too long'] });
    expect(singleFieldErrorText(error.errors)).toBe('Too long.');
  });
});
