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
1000 1.49922
2000 6.32908
5000 43.4346
10000 189.096
20000 780.217


1000 0.054211
2000 0.105115
5000 0.633379
10000 0.501583
20000 1.44905
50000 3.00135
100000 9.14711


1000 0.072457
2000 0.188209
5000 0.826794
10000 1.4206
20000 5.7524
50000 15.0494
100000 46.7673


1000 0.424549
2000 1.20466
5000 6.82536
10000 14.4869
20000 45.4866
50000 206.288
100000 625.196


1000 0.337469
2000 0.983557
5000 6.38856
10000 13.7443
20000 45.3134
50000 196.151
100000 573.733


1000 0.226746
2000 0.466101
5000 1.28065
10000 2.83024
20000 6.19041
50000 20.5718
100000 62.3063


1000 0.618887
2000 1.81173
5000 10.5963
10000 38.7374
20000 140.78
50000 776.441


1000 0.063203
2000 0.119227
5000 0.483707
10000 1.35641
20000 2.82976
50000 13.9345
100000 34.387


1000 0.655631
2000 1.80899
5000 10.9804
10000 40.4523
20000 138.191
50000 771.021


1000 0.905141
2000 1.56372
5000 3.91683
10000 7.52431
20000 15.6544
50000 46.2979
100000 119.875


1000 0.302368
2000 0.540841
5000 1.68006
10000 2.70249
20000 6.96258
50000 25.0712
100000 82.1185


1000 0.544417
2000 1.14032
5000 5.45218
10000 13.0572
20000 79.0375
50000 836.597


1000 0.60738
2000 1.42294
5000 6.59645
10000 16.0392
20000 47.2252
50000 312.506
100000 1405.95


1000 0.636573
2000 1.41197
5000 6.19016
10000 17.2428
20000 51.17
50000 281.533
100000 1292.56


1000 0.402817
2000 0.984629
5000 3.99687
10000 10.725
20000 31.277
50000 134.169
100000 452.381


1000 0.74955
2000 1.47232
5000 4.76748
10000 11.2001
20000 42.3763
50000 142.233
100000 457.878


1000 0.641741
2000 1.91723
5000 7.25994
10000 22.3717
20000 75.6042
50000 374.45
100000 1683.8


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
