/**
 * The HTML report and plots of a discover, detect, near-dups, phrases or quilts output directory.
 * May import {@code discover}, {@code batch}, {@code imatch}, {@code shingle}, {@code format} and {@code model}; no Flink.
 * <p>Project imports: {@code batch}, {@code discover}, {@code format}, {@code imatch}, {@code model},
 * {@code shingle}.
 */
package org.reusedetector.report;
