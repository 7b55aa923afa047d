import { z } from 'zod';
import { DEFAULT_SITE_TITLE, MSG_ROLES_REQUIRED } from '../constants';
import { zFlag, zId } from './form';

/** One Buttons entry: Btn is the comma list of button keys granted on the control CtlName (spec §3). */
export const ButtonGrantSchema = z.object({ CtlName: z.string(), Btn: z.string() });

/**
 * /user/GetInfo data (spec §3 and domain/organisation.md). Access must be non-empty; the server puts
 * 'dashboard' first so a user with no screens still has one.
 */
export const UserInfo = z.object({
  Id: zId(),
  UserName: z.string(),
  UserAccount: z.string(),
  Name: z.string().default(''),
  Logo: z.string().default(''),
  Phone: z.string().default(''),
  CmpId: zId(),
  Access: z.array(z.string(), { error: MSG_ROLES_REQUIRED }).min(1, MSG_ROLES_REQUIRED),
  Buttons: z.array(ButtonGrantSchema).default([]),
  IsAdmin: zFlag(),
  SiteTitle: z.string().default(DEFAULT_SITE_TITLE),
  AllCommunity: zFlag(),
  CommunityIds: z.array(z.number().int()).default([]),
  DptName: z.string().default(''),
  PositionNames: z.array(z.string()).default([]),
  Email: z.string().default(''),
  Gender: z.number().int().default(0),
  /** The server runs with DEMO on: the change-roles action is offered. */
  Demo: zFlag().default(false),
});
export type UserInfo = z.infer<typeof UserInfo>;
