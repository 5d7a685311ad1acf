import {
  COMING_SOON,
  ERROR_MESSAGES,
  formatMessage,
  INVALID_PHONE_NUMBER,
  NOT_FOUND_MESSAGES,
  SOMETHING_WENT_WRONG,
  SUCCESS_MESSAGES,
  TOKEN_EXPIRED,
} from '../messages';

describe('message catalogue', () => {
  it('keeps the spec texts verbatim, typos included', () => {
    expect(ERROR_MESSAGES.tooManyLoginAttempts).toBe(
      'Too many login attempts. Please try again in {timer} seconds.',
    );
    expect(ERROR_MESSAGES.captchaNotInitialized).toBe('Captcha could not initialized.');
    expect(ERROR_MESSAGES.cannotDeleteCompany).toBe('You can not delete this company');
    expect(ERROR_MESSAGES.cannotDeleteActiveChannel).toBe('You can not delete an active channel');
    expect(ERROR_MESSAGES.cannotDeleteActivePlugin).toBe('You can not delete an active plugin');
    expect(ERROR_MESSAGES.cannotDeleteUser).toBe('You can not delete this user');
    expect(ERROR_MESSAGES.cannotDeleteRole).toBe('You can not delete this role');
    expect(ERROR_MESSAGES.channelConnectError).toBe(
      'An error has occured while connecting your channel. Please contact with support team',
    );
    expect(ERROR_MESSAGES.deleteIpError).toBe(
      'An error has occured while deleting ip. Please contact with support team',
    );
    expect(ERROR_MESSAGES.deleteCustomOrderStatusError).toBe(ERROR_MESSAGES.deleteIpError);
    expect(ERROR_MESSAGES.channelConnectionFailed).toBe('Channel connection failed, with {msg}');
    expect(ERROR_MESSAGES.emailNotVerified).toBe('Your e-mail address could not be verified.');
  });

  it('has the general texts', () => {
    expect(SOMETHING_WENT_WRONG).toBe('Something went wrong, please try again.');
    expect(NOT_FOUND_MESSAGES.pageNotFound).toBe('This page could not be found');
    expect(NOT_FOUND_MESSAGES.notFoundTitle).toBe('404 Not Found');
    expect(NOT_FOUND_MESSAGES.errorTitle).toBe('An error occurred');
    expect(TOKEN_EXPIRED).toBe('Token expired');
    expect(INVALID_PHONE_NUMBER).toBe('Please enter a valid phone number.');
    expect(COMING_SOON).toBe('Coming soon...');
  });

  it('writes success messages as full sentences', () => {
    for (const text of Object.values(SUCCESS_MESSAGES)) expect(text).toMatch(/^[A-Z].*\.$/);
    expect(SUCCESS_MESSAGES.created).toBe('Created successfully.');
    expect(SUCCESS_MESSAGES.resetLinkSent).toBe(
      'Password reset link sent. If you do not receive an e-mail within 24 hours, please contact support.',
    );
  });
});

describe('formatMessage', () => {
  it('fills placeholders', () => {
    expect(formatMessage(ERROR_MESSAGES.tooManyLoginAttempts, { timer: 30 })).toBe(
      'Too many login attempts. Please try again in 30 seconds.',
    );
    expect(formatMessage(ERROR_MESSAGES.channelConnectionFailed, { msg: 'bad key' })).toBe(
      'Channel connection failed, with bad key',
    );
    expect(formatMessage(SUCCESS_MESSAGES.switchedCompany, { company: 'Acme' })).toBe(
      'Switched to company Acme.',
    );
  });

  it('leaves a placeholder without a value as written', () => {
    expect(formatMessage('Hello {name} {other}', { name: 'Ann' })).toBe('Hello Ann {other}');
    expect(formatMessage('{toString}')).toBe('{toString}');
  });
});
