/**
 * The records that flow between operators and out of the jobs: page records, hashed pages, labels, scores, alerts, dead letters.
 * Imports nothing of the project and no Flink: every other package may use it.
 * <p>Project imports: none.
 */
package org.reusedetector.model;
