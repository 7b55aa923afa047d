import { z } from 'zod';

/**
 * Answers of the properties calls: the server's rows are typed by these schemas and the web reads its row types from
 * them (`z.infer`), so the two cannot drift.
 */

/** A row of /Community/List and the answer of /Community/Get. */
export const CommunityRow = z.object({
  Id: z.number(),
  Name: z.string(),
  Code: z.string(),
  Province: z.string(),
  City: z.string(),
  District: z.string(),
  Address: z.string(),
  BuildArea: z.string().nullable(),
  ServicePhone: z.string(),
  ManagerUserId: z.number().nullable(),
  ManagerName: z.string(),
  DeliveryDate: z.string().nullable(),
  Photos: z.array(z.string()),
  Status: z.number(),
  StatusName: z.string(),
  BuildingCount: z.number(),
  RoomCount: z.number(),
  /** 入住率 in percent with one decimal, '0.0' without sold rooms. */
  OccupancyRate: z.string(),
});
export type CommunityRow = z.infer<typeof CommunityRow>;
