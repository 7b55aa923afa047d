/** A lane is 在线 while its device was seen within 180 s (parking-access.md "Records › Online"). */
export const ONLINE_SECONDS = 180;

export function laneOnline(lastSeen: Date | null, now: Date): { Online: boolean; OnlineName: string } {
  if (lastSeen && now.getTime() - lastSeen.getTime() <= ONLINE_SECONDS * 1000)
    return { Online: true, OnlineName: '在线' };
  if (!lastSeen) return { Online: false, OnlineName: '离线' };
  const min = Math.floor((now.getTime() - lastSeen.getTime()) / 60_000);
  const span = min < 60 ? `${min}分钟` : min < 1440 ? `${Math.floor(min / 60)}小时` : `${Math.floor(min / 1440)}天`;
  return { Online: false, OnlineName: `离线 ${span}` };
}
