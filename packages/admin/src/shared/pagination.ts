import type { TablePaginationConfig } from 'antd';
import type { Page } from '@app/contract';

/** A console table's paging over one page of a back-office list: fixed page size, total counted in `unit`. */
export function tablePaging(data: Page<unknown> | undefined, page: number, setPage: (page: number) => void, unit: string): TablePaginationConfig {
  return { current: page, pageSize: data?.per_page ?? 20, total: data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} ${unit}`, showSizeChanger: false };
}
