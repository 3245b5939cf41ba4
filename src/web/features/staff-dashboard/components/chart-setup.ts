import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * Chart.js with only the parts the dashboard draws (bars, a line, two value axes, the legend and
 * tooltips), so the staff page's chunk stays small; it is imported by the dashboard page alone,
 * which the router loads lazily, so customers never load it.
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The theme's colours, read from Bootstrap's custom properties. */
export function themeColour(name: 'primary' | 'secondary' | 'body-color' | 'border-color'): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--bs-${name}`).trim() || '#555';
}
