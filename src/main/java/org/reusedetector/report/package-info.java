/**
 * The HTML report and plots of a discover, detect, near-dups, phrases or quilts output directory.
 * May import {@code discover}, {@code batch}, {@code imatch}, {@code shingle}, {@code format}, {@code model} and
 * {@code url} (a host's site, to group copying hosts); no Flink.
 * <p>Project imports: {@code batch}, {@code discover}, {@code format}, {@code imatch}, {@code model},
 * {@code shingle}, {@code url}.
 */
package org.reusedetector.report;
