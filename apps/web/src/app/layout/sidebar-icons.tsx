import {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  CoffeeOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FlagOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The catalog names its icons as strings; importing the whole icon set would add ~1 MB to the layout chunk,
 * so only the names the catalog uses are mapped here. An unknown name falls back to a neutral icon.
 */
const icons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  CoffeeOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FlagOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
};

export function RouteIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon />;
}
