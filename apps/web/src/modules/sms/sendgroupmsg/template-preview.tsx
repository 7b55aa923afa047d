import { Typography } from 'antd';

/** The template text with its {variables} highlighted. */
export function TemplateText({ content }: { content: string }) {
  const parts = content.split(/(\{[^{}\s]{1,20}\})/g);
  return (
    <Typography.Paragraph style={{ background: '#fafafa', padding: 8, marginBottom: 0, maxWidth: 520 }}>
      {parts.map((p, i) =>
        /^\{.*\}$/.test(p) ? (
          <Typography.Text key={i} mark>
            {p}
          </Typography.Text>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </Typography.Paragraph>
  );
}
