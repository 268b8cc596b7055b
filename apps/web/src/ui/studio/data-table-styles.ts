// Every data table's styles: mantine-datatable's own, and ours over them.
import 'mantine-datatable/styles.layer.css';
import './data-table.css';
