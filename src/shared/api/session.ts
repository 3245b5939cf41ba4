import { z } from 'zod';

/** POST {prefix}/user/login?_format=json */
export const loginRequest = z.object({
  name: z.string().trim().min(1, 'Enter your username.').max(254),
  pass: z.string().min(1, 'Enter your password.').max(1024),
  /**
   * The login form's 'Remember me' (beside the spec's name and pass): true, the session lasts up
   * to its absolute lifetime; false, its cookie ends with the browser. Not sent: as before.
   */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  current_user: z.object({
    uid: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
  }),
  csrf_token: z.string(),
  logout_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST {prefix}/user/password?_format=json: the login name or the e-mail address. */
export const passwordResetRequest = z.object({
  name: z.string().trim().min(1, 'Enter your username.').max(254),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** 200 `{}` when the mail went out; 400 for an unknown name (the web shows the same text). */
export const passwordResetRequestResponse = z.object({});

/** POST /api/reset-password/{user}/{timestamp}/{hash}: the parts of the mailed link. */
export const resetPasswordParams = z.object({
  user: z.string().max(20),
  timestamp: z.string().max(20),
  hash: z.string().max(200),
});
export type ResetPasswordParams = z.infer<typeof resetPasswordParams>;

/** Empty or mismatched passwords answer `status` 0 with a message, not a validation error. */
export const resetPasswordRequest = z.object({
  pass: z.string().max(1024),
  passConfirm: z.string().max(1024),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** `data.status` 1 on success; 0 (with a 4xx, a message and a code) otherwise. */
export const resetPasswordResponse = z.object({
  data: z.object({ status: z.union([z.literal(0), z.literal(1)]) }),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;
