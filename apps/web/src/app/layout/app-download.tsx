import { SHELL_TEXT } from '@linli/shared';
import { QRCode } from 'antd';
import { appConfig } from '../../config';

/** Hover card of the APP下载 entry: a QR code per mobile app, generated from the configured download URLs. */
export function AppDownloadCard() {
  const apps = [
    { title: SHELL_TEXT.staffApp, url: appConfig.staffAppUrl },
    { title: SHELL_TEXT.ownerApp, url: appConfig.ownerAppUrl },
  ];
  return (
    <section className="app-download" aria-label={SHELL_TEXT.appDownload}>
      {apps.map((app) => (
        <figure key={app.title}>
          <QRCode value={app.url} size={120} bordered={false} aria-label={`${app.title}二维码`} />
          <figcaption>
            <strong>{app.title}</strong>
            <span>{SHELL_TEXT.scanToDownload}</span>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
