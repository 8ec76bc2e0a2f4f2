import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The grid's own words in the interface language: MUI ships no Hindi for the data grid, so every
 * text a report grid can show (column menu, columns panel, sorting, paging, empty grid) comes from ours.
 */
export const useGridLocaleText = (): Partial<GridLocaleText> => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const pageLabels = { first: t('reportGridFirstPage'), last: t('reportGridLastPage'), next: t('reportGridNextPage'), previous: t('reportGridPreviousPage') };
    const number = (value: number) => value.toLocaleString(i18n.language);
    return {
      noRowsLabel: t('sharedNoData'),
      noResultsOverlayLabel: t('sharedNoData'),
      toolbarColumns: t('reportColumns'),
      toolbarColumnsLabel: t('reportGridChooseColumns'),
      columnsManagementSearchTitle: t('sharedSearch'),
      columnsManagementNoColumns: t('reportGridNoColumns'),
      columnsManagementShowHideAllText: t('reportGridShowHideAll'),
      columnsManagementReset: t('reportGridReset'),
      columnsManagementDeleteIconLabel: t('reportGridClear'),
      columnMenuLabel: t('sharedMenu'),
      columnMenuAriaLabel: (column: string) => t('reportGridColumnMenu', { column }),
      columnMenuShowColumns: t('reportGridShowColumns'),
      columnMenuManageColumns: t('reportGridManageColumns'),
      columnMenuHideColumn: t('reportGridHideColumn'),
      columnMenuUnsort: t('reportGridUnsort'),
      columnMenuSortAsc: t('reportGridSortAscending'),
      columnMenuSortDesc: t('reportGridSortDescending'),
      columnHeaderSortIconLabel: t('reportGridSort'),
      paginationRowsPerPage: t('reportGridRowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => t('reportGridDisplayedRows', { from: number(from), to: number(to), count: number(count) }),
      paginationItemAriaLabel: (type: keyof typeof pageLabels) => pageLabels[type],
    };
  }, [t, i18n.language]);
};
