import { Alert, Button, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../app/request';
import { feeApi } from '../api';

/** 试算: the form's pricing fields with a sample area, coefficient, floor and usage → the amount and its steps. */
export function TrialPanel() {
  const form = Form.useFormInstance();
  const [sample, setSample] = useState({ Area: 89.37, InnerArea: 75, Coef: 1, Floor: 6, Usage: 35 });
  const [result, setResult] = useState<{ AmountMoney: string; Steps: string[] } | null>(null);
  const [error, setError] = useState('');
  const run = async () => {
    const v = form.getFieldsValue(true) as Record<string, unknown>;
    setError('');
    try {
      setResult(
        await feeApi.trial({
          ItemId: v.ItemId,
          PriceMethod: v.PriceMethod,
          UnitPrice: v.UnitPrice,
          FixedMoney: v.FixedMoney,
          Tiers: v.Tiers ?? [],
          Formula: v.Formula,
          CycleMonths: v.CycleMonths,
          Decimals: v.Decimals,
          RoundMode: v.RoundMode,
          ...sample,
        }),
      );
    } catch (e) {
      setResult(null);
      if (e instanceof ApiError) {
        const errors = e.fieldErrors ?? {};
        form.setFields(Object.entries(errors).map(([name, msg]) => ({ name, errors: [msg] })));
        setError(e.message);
      }
    }
  };
  const num = (key: keyof typeof sample, label: string) => (
    <Space size={4}>
      <span>{label}</span>
      <InputNumber
        value={sample[key]}
        min={-9}
        onChange={(x) => setSample({ ...sample, [key]: x ?? 0 })}
        style={{ width: 100 }}
      />
    </Space>
  );
  return (
    <>
      <Space wrap>
        {num('Area', '建筑面积')}
        {num('InnerArea', '套内面积')}
        {num('Coef', '系数')}
        {num('Floor', '楼层')}
        {num('Usage', '用量')}
        <Button onClick={run}>试算</Button>
      </Space>
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon message={error} />}
      {result && (
        <Alert
          style={{ marginTop: 8 }}
          type="success"
          message={`金额：¥${result.AmountMoney}`}
          description={
            <ol style={{ margin: 0, paddingLeft: 20 }}>
              {result.Steps.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ol>
          }
        />
      )}
    </>
  );
}
