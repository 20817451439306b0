/**
 * The HTML report and plots of a discover, detect or near-dups output directory.
 * May import {@code discover}, {@code batch}, {@code imatch}, {@code format} and {@code model}; no Flink.
 */
package org.reusedetector.report;
