/**
 * The HTML report and plots of a discover, detect, near-dups, phrases or quilts output directory.
 * May import {@code discover}, {@code batch}, {@code imatch}, {@code shingle}, {@code format} and {@code model}; no Flink.
 */
package org.reusedetector.report;
