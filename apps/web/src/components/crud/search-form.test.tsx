import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../app/stores/settings-store';
import { renderWithProviders, stubAntdDom } from '../../test/render';
import { activeFilterCount, SearchForm } from './search-form';

beforeAll(stubAntdDom);
afterEach(() => useSettingsStore.getState().setDevice('desktop'));

const renderForm = (values: Record<string, unknown> = {}) =>
  renderWithProviders(
    <SearchForm fields={[{ name: 'RoomNo', label: '房号' }]} values={values} onSearch={() => {}} onReset={() => {}} />,
  );

describe('SearchForm on a phone', () => {
  it('counts the filters that hold a value', () => {
    expect(activeFilterCount({ A: '', B: undefined, C: [], D: 0, E: 'x', F: [1] })).toBe(3);
  });

  it('folds the filters behind 筛选 and opens them on a tap', () => {
    useSettingsStore.getState().setDevice('mobile');
    renderForm({ RoomNo: '101' });
    expect(screen.getByRole('search', { hidden: true })).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: /筛选（1）/ }));
    expect(screen.getByRole('search')).toBeVisible();
    expect(screen.getByRole('button', { name: /收起筛选/ })).toBeInTheDocument();
  });

  it('shows the filters inline on a desktop, with no 筛选 button', () => {
    renderForm();
    expect(screen.getByRole('search')).toBeVisible();
    expect(screen.queryByRole('button', { name: /筛选/ })).toBeNull();
  });
});
