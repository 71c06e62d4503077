set terminal pngcairo size 1000,700 noenhanced
set output 'docs/results/scaling_moving.png'
set logscale xy
set key outside right
set xrange [800:125000]
set xlabel 'boxes'
set ylabel 'ms per step (median, thread CPU time)'
set grid
set title 'Broad phases, moving boxes: time per step'
$data << EOD
1000 2.1743
2000 6.87669
5000 46.254
10000 198.774
20000 805.766


1000 0.081801
2000 0.122942
5000 0.301757
10000 1.06064
20000 1.67429
50000 4.47194
100000 14.3705


1000 0.129062
2000 0.282939
5000 0.971208
10000 3.50166
20000 7.19115
50000 30.2071
100000 91.2835


1000 0.569204
2000 1.39057
5000 5.11184
10000 24.2579
20000 52.4142
50000 222.339
100000 710.925


1000 0.477017
2000 1.12614
5000 4.99033
10000 22.5881
20000 55.9759
50000 213.649
100000 771.86


1000 0.287947
2000 0.482254
5000 1.35292
10000 3.12927
20000 6.81799
50000 27.165
100000 112.709


1000 0.676752
2000 1.84044
5000 10.5683
10000 40.9059
20000 147.68
50000 963.866


1000 0.068141
2000 0.121611
5000 0.398831
10000 1.05648
20000 2.81375
50000 16.2551
100000 35.5907


1000 0.670984
2000 1.83141
5000 10.6765
10000 39.5979
20000 146.664
50000 883.693


1000 0.92505
2000 1.59671
5000 3.69513
10000 7.76821
20000 19.0184
50000 67.6527
100000 165.635


1000 0.319704
2000 0.569564
5000 1.4579
10000 2.62806
20000 7.4074
50000 28.5484
100000 87.2927


1000 0.629894
2000 1.16799
5000 4.72842
10000 23.9891
20000 131.165
50000 1176.25


1000 0.633669
2000 1.42633
5000 5.83682
10000 20.3394
20000 66.9271
50000 390.759
100000 1299.97


1000 0.6412
2000 1.42436
5000 6.09266
10000 19.2858
20000 63.0671
50000 461.495


1000 0.386733
2000 1.00704
5000 3.97802
10000 11.8304
20000 33.6936
50000 138.011
100000 461.126


1000 0.674549
2000 1.58214
5000 5.66917
10000 22.6764
20000 49.0629
50000 204.405
100000 613.185


1000 0.54731
2000 1.55782
5000 7.15135
10000 28.8022
20000 87.9753
50000 625.857


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
