import type { Writable } from 'node:stream';
import type { ReportColumn } from './report-columns.js';

/**
 * Writes one worksheet to `output` as an .xlsx, row by row: exceljs's streaming writer commits each
 * row as it goes, so a long route never sits in memory as a whole workbook. Header row in bold,
 * frozen; every column carries its number format.
 */
export const writeWorkbook = async <T>(output: Writable, title: string, columns: ReportColumn<T>[], rows: AsyncIterable<T[]> | Iterable<T[]>): Promise<void> => {
  // loaded on the first spreadsheet: its ~8 MiB of heap would otherwise sit in every server that never makes one
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Tracklane';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ header: column.header, key: String(index), width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // One style object per column, shared by its cells: exceljs recognises a style object it has
  // seen, where a fresh copy per cell (what column styles give) costs a lookup each.
  const styles = columns.map((column) => (column.numFmt ? { numFmt: column.numFmt } : undefined));
  for await (const page of rows) {
    for (const item of page) {
      const row = sheet.addRow(columns.map((column) => column.value(item)));
      styles.forEach((style, index) => {
        if (style) row.getCell(index + 1).style = style;
      });
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
};

export const SPREADSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
