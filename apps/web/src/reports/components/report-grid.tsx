import { Box } from '@mui/material';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { ReportProgress } from '../../api/read-json-rows';
import { REPORT_PAGE_SIZE, ReportGridToolbar } from './report-grid-toolbar';
import { ReportStatus } from './report-status';
import { useGridLocaleText } from './use-grid-locale-text';

type Sortable = string | number | boolean | null | undefined;

export interface ReportColumn<T> {
  field: string;
  header: string;
  /** The text shown in the cell, in the user's units and time zone. */
  value(row: T): string;
  /** What the column sorts by, when the row's own `field` is not it (e.g. a value among the attributes). */
  sortBy?(row: T): Sortable;
  /** Relative width; 1 by default. */
  flex?: number;
}

export interface ReportGridProps<T> {
  rows: T[];
  columns: ReportColumn<T>[];
  /** Columns that start hidden; the user can show them from the columns panel or a column's menu. */
  hidden?: string[];
  loading: boolean;
  progress?: ReportProgress;
  error?: string;
  notice?: string;
}

const MIN_COLUMN_WIDTH = 110;
const PAGINATION = { paginationModel: { page: 0, pageSize: REPORT_PAGE_SIZE } };

const toColumn = <T extends GridValidRowModel>(column: ReportColumn<T>): GridColDef<T> => ({
  field: column.field,
  headerName: column.header,
  flex: column.flex ?? 1,
  minWidth: MIN_COLUMN_WIDTH,
  ...(column.sortBy && { valueGetter: (_value: never, row: T) => column.sortBy!(row) }),
  valueFormatter: (_value: never, row: T) => column.value(row),
});

/** Report rows carry no id of their own (trips, stops, summaries), so a row's place in the reply names it. */
const useRowIds = <T extends object>(rows: T[]) =>
  useMemo(() => {
    const ids = new Map<T, number>();
    rows.forEach((row, index) => ids.set(row, index));
    return (row: T) => ids.get(row)!;
  }, [rows]);

/**
 * A report's result grid, without a footer: rows are virtualised so long reports scroll smoothly,
 * the spec's hidden columns start hidden and the user can show them, and a report longer than a
 * page is paged from the toolbar above the rows.
 */
export const ReportGrid = <T extends GridValidRowModel>({ rows, columns, hidden = [], loading, progress, error, notice }: ReportGridProps<T>) => {
  const localeText = useGridLocaleText();
  const getRowId = useRowIds(rows);
  const gridColumns = useMemo(() => columns.map(toColumn), [columns]);
  const initialState = useMemo(() => {
    const columnVisibilityModel: GridColumnVisibilityModel = Object.fromEntries(hidden.map((field) => [field, false]));
    return { columns: { columnVisibilityModel }, pagination: PAGINATION };
    // the hidden columns are where the grid starts; the user's choices take over from there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box sx={{ flex: 1, minHeight: 320, display: 'flex', flexDirection: 'column', px: 2, pb: 2 }}>
      <ReportStatus loading={loading} progress={progress} error={error} notice={notice} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <DataGrid
          rows={rows}
          columns={gridColumns}
          getRowId={getRowId}
          initialState={initialState}
          pageSizeOptions={[REPORT_PAGE_SIZE]}
          localeText={localeText}
          slots={{ toolbar: ReportGridToolbar }}
          loading={loading}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          showToolbar
          hideFooter
          disableColumnFilter
          disableRowSelectionOnClick
          density="compact"
        />
      </Box>
    </Box>
  );
};
