import type {
  AcceptInvitationInput,
  InvitationPreviewDto,
  RegisterInput,
  ResetPasswordConfirmInput,
  ResetPasswordInput,
  TokenResponse,
  VerifyEmailInput,
} from '@syncdesk/contracts';
import { quietApiClient } from '@syncdesk/web-kit';

interface DataResponse<T> {
  data: T;
}

/**
 * The guest pages' calls. Their failures are shown inside the form (spec: the server's message,
 * inline), so this client has no error handler: the shared one would notify them a second time.
 */
const guestClient = quietApiClient;

export const guestApi = {
  register: (input: RegisterInput) =>
    guestClient.post<DataResponse<TokenResponse>>('/auth/register', input).then((response) => response.data),
  requestPasswordReset: (input: ResetPasswordInput) =>
    guestClient.post<unknown>('/auth/resetPassword', input),
  confirmPasswordReset: (input: ResetPasswordConfirmInput) =>
    guestClient.post<unknown>('/auth/resetPasswordConfirm', input),
  verifyEmail: (input: VerifyEmailInput) => guestClient.post<unknown>('/auth/verifyEmail', input),
  previewInvitation: (token: string) =>
    guestClient
      .get<DataResponse<InvitationPreviewDto>>(`/invitations/verify/${encodeURIComponent(token)}`)
      .then((response) => response.data),
  acceptInvitation: (token: string, input: AcceptInvitationInput) =>
    guestClient
      .post<DataResponse<TokenResponse>>(`/invitations/accept/${encodeURIComponent(token)}`, input)
      .then((response) => response.data),
};
