import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Alert, Box, Checkbox, IconButton, LinearProgress, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { List, type RowComponentProps } from 'react-window';

export interface ReportColumn<T> {
  field: string;
  header: string;
  value(row: T): ReactNode;
  /** Relative width; 1 by default. */
  flex?: number;
}

export interface ReportGridProps<T> {
  rows: T[];
  columns: ReportColumn<T>[];
  /** Columns that start hidden; the user can show them from the columns menu. */
  hidden?: string[];
  loading: boolean;
  error?: string;
  notice?: string;
}

const ROW_HEIGHT = 36;
const OVERSCAN = 20;

type RowProps<T> = { rows: T[]; columns: ReportColumn<T>[] };

const cellStyle = (flex = 1): CSSProperties => ({ flex, minWidth: 0, padding: '0 8px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

const GridRow = <T,>({ index, style, rows, columns }: RowComponentProps<RowProps<T>>) => (
  <Box role="row" aria-rowindex={index + 2} style={style} sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', typography: 'body2' }}>
    {columns.map((column) => (
      <div role="cell" key={column.field} style={cellStyle(column.flex)}>{column.value(rows[index]!)}</div>
    ))}
  </Box>
);

/**
 * A report's result grid without a footer: every row reachable by scrolling (rows are virtualised,
 * so a month of positions stays smooth), and a columns menu to show the hidden ones.
 */
export const ReportGrid = <T,>({ rows, columns, hidden = [], loading, error, notice }: ReportGridProps<T>) => {
  const { t } = useTranslation();
  const [hiddenFields, setHiddenFields] = useState(() => new Set(hidden));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const visible = columns.filter((column) => !hiddenFields.has(column.field));
  const toggle = (field: string) => setHiddenFields((current) => {
    const next = new Set(current);
    if (!next.delete(field)) next.add(field);
    return next;
  });

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', px: 2, pb: 2 }}>
      {loading && <LinearProgress aria-label={t('sharedLoading')} />}
      {error && <Alert severity="error" role="alert" sx={{ mb: 1 }}>{error}</Alert>}
      {notice && <Alert severity="success" sx={{ mb: 1 }}>{notice}</Alert>}
      <Box role="table" aria-rowcount={rows.length + 1} sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box role="row" sx={{ display: 'flex', alignItems: 'center', height: ROW_HEIGHT + 4, borderBottom: 1, borderColor: 'divider', typography: 'subtitle2' }}>
          {visible.map((column) => <div role="columnheader" key={column.field} style={cellStyle(column.flex)}>{column.header}</div>)}
          <IconButton size="small" aria-label={t('reportColumns')} onClick={(event) => setMenu(event.currentTarget)}>
            <ViewColumnIcon fontSize="small" />
          </IconButton>
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>{t('sharedNoData')}</Typography>
        ) : (
          <List<RowProps<T>> rowComponent={GridRow} rowCount={rows.length} rowHeight={ROW_HEIGHT} overscanCount={OVERSCAN} rowProps={{ rows, columns: visible }} style={{ flex: 1 }} />
        )}
      </Box>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {columns.map((column) => (
          <MenuItem key={column.field} onClick={() => toggle(column.field)} dense>
            <Checkbox size="small" checked={!hiddenFields.has(column.field)} tabIndex={-1} disableRipple />
            <ListItemText primary={column.header} />
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
};
