import type { Config } from './config';
import type { SmsProvider } from './core/sms';
import type { Database } from './db/client';
import type { FaceDeviceGateway } from './modules/residents/face-device';

/** Everything a module needs from the outside world; tests swap parts by injection. */
export interface AppDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /** Where face tasks go (residents.md "Face sync"); absent = devices pull their tasks (pullDeviceGateway). */
  faceDevices?: FaceDeviceGateway;
  /** Current time; tests move it to cross expiries without sleeping. */
  now(): Date;
}
