/**
 * The device side of face sync (residents.md "Face sync"), behind an interface so the server never talks to a brand's
 * SDK directly. `send` delivers one task to one lane and answers what the device said:
 * - `done`: the device took it (已同步);
 * - `queued`: the device will pull it itself (DeviceGateway/PullTasks) and ack later — the row stays 待同步;
 * - `failed`: an error code with its Chinese reason (失败). `transient` failures (设备离线, 超时) are retried.
 */
export interface FaceTask {
  syncId: number;
  laneId: number;
  deviceSn: string;
  op: 'add' | 'delete';
  faceId: number;
  residentId: number;
  name: string;
  /** The stored JPEG under /uploads (add only). */
  imgPath: string;
}

export type FaceSendResult =
  { state: 'done' } | { state: 'queued' } | { state: 'failed'; code: string; reason: string; transient: boolean };

export interface FaceDeviceGateway {
  name: string;
  send(task: FaceTask): Promise<FaceSendResult>;
}

/** Device error codes and their reasons; the transient ones are retried when the device is back. */
export const FACE_FAIL_CODES: Record<string, { reason: string; transient: boolean }> = {
  NO_FACE: { reason: '未检测到人脸', transient: false },
  MULTI_FACE: { reason: '检测到多张人脸', transient: false },
  LOW_QUALITY: { reason: '图片质量过低', transient: false },
  STORAGE_FULL: { reason: '设备存储已满', transient: false },
  OFFLINE: { reason: '设备离线', transient: true },
  TIMEOUT: { reason: '超时', transient: true },
};

export const failure = (code: string): FaceSendResult => {
  const f = FACE_FAIL_CODES[code] ?? { reason: '设备返回错误', transient: false };
  return { state: 'failed', code, ...f };
};

/**
 * The default gateway: devices pull their tasks (parking-access.md DeviceGateway/PullTasks, AckTasks), so sending
 * only logs and leaves the task 待同步 for the device to fetch.
 */
export function pullDeviceGateway(log: { info(o: object, m: string): void } = console): FaceDeviceGateway {
  return {
    name: 'pull',
    send: async (task) => {
      log.info({ lane: task.laneId, op: task.op, face: task.faceId }, 'face task queued for the device to pull');
      return { state: 'queued' };
    },
  };
}
