/** One node of the route catalog — the single declaration of every route in the product. */
export interface RouteNode {
  /** Absolute for top-level nodes ('/housemanage'), relative for children ('communitylist') unless it starts with '/'. */
  path: string;
  /** Unique route name (used by keep-alive and tags). */
  name?: string;
  /** Chinese title shown in sidebar, breadcrumb, tab and page title. */
  title?: string;
  /** Role keys; the first one is the control name for button permissions. Absent = open to every signed-in user. */
  roles?: string[];
  /** Skipped by the sidebar. */
  hidden?: boolean;
  /** Default child (absolute path) for a group. */
  redirect?: string;
  /** Sidebar icon name (an @ant-design/icons component name). */
  icon?: string;
  /** Keep the page mounted when leaving (only /news/index in the spec). */
  keepAlive?: boolean;
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** The screen is implemented; false renders the honest 建设中 page. */
  built?: boolean;
  /** External link: opened in a new tab. */
  external?: boolean;
  /** The path's ':id' segment accepts digits only (spec §5: edit and view routes); see `isDigitsId`. */
  idParam?: boolean;
  /** Rendered outside the layout, without sidebar and top bar (the data screen). */
  noLayout?: boolean;
  children?: RouteNode[];
}
