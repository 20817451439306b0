/**
 * The HTML report and plots of a discover or detect output directory.
 * May import {@code discover}, {@code batch}, {@code format} and {@code model}; no Flink.
 */
package org.reusedetector.report;
