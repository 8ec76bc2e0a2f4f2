import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Box } from '@mui/material';
import { ColumnsPanelTrigger, GridPagination, Toolbar, gridRowCountSelector, useGridApiContext, useGridSelector } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';

/** Rows per page: the most the free data grid shows at once. */
export const REPORT_PAGE_SIZE = 100;

/**
 * Above the rows, as the grid has no footer: the button that opens the columns panel (where hidden
 * columns are shown), and paging once a report has more rows than one page holds.
 */
export const ReportGridToolbar = () => {
  const { t } = useTranslation();
  const apiRef = useGridApiContext();
  const rowCount = useGridSelector(apiRef, gridRowCountSelector);
  return (
    <Toolbar>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnIcon fontSize="small" />}>{t('reportColumns')}</ColumnsPanelTrigger>
      <Box sx={{ flex: 1 }} />
      {rowCount > REPORT_PAGE_SIZE && <GridPagination />}
    </Toolbar>
  );
};
