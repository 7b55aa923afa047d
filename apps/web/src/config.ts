/**
 * Deployment settings of the console. Each one can be overridden at build time with the VITE_* variable named
 * beside it (see apps/web/README.md); the defaults are what the demo deployment uses.
 */
import { DEFAULT_SITE_TITLE, SIDEBAR_TITLE_SUFFIX } from '@linli/shared';

const env = import.meta.env;

export const appConfig = {
  /** Default site title; the company profile's SiteTitle from GetInfo wins when present. */
  siteTitle: env.VITE_SITE_TITLE || DEFAULT_SITE_TITLE,
  /** Sidebar title: the product name plus 智慧物业 (spec §9). */
  sidebarTitle: `邻里${SIDEBAR_TITLE_SUFFIX}`,
  staffAppUrl: env.VITE_STAFF_APP_URL || 'https://app.linli.example.com/download/staff',
  ownerAppUrl: env.VITE_OWNER_APP_URL || 'https://app.linli.example.com/download/owner',
  helpUrl: env.VITE_HELP_URL || 'https://help.linli.example.com/',
  supportPhone: env.VITE_SUPPORT_PHONE || '400-800-1234',
  supportChatUrl: env.VITE_SUPPORT_CHAT_URL || 'https://help.linli.example.com/chat',
} as const;
