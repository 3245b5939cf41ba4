import { z } from 'zod';

/** POST {prefix}/user/login?_format=json */
export const loginRequest = z.object({
  name: z.string().trim().min(1, 'Enter your username.').max(254),
  pass: z.string().min(1, 'Enter your password.').max(1024),
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
