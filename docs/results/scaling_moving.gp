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
1000 1.37829
2000 5.77177
5000 40.545
10000 174.348
20000 751.898


1000 0.038798
2000 0.073388
5000 0.169561
10000 0.336368
20000 0.713948
50000 1.95128
100000 4.94456


1000 0.070324
2000 0.157173
5000 0.643103
10000 1.44379
20000 3.79416
50000 15.4204
100000 45.6034


1000 0.423788
2000 1.18509
5000 4.80587
10000 14.3234
20000 43.9224
50000 203.743
100000 602.379


1000 0.331451
2000 0.944158
5000 3.80558
10000 12.8245
20000 39.8778
50000 193.088
100000 584.153


1000 0.225234
2000 0.466912
5000 1.25113
10000 2.66618
20000 5.67288
50000 22.2183
100000 50.4045


1000 0.580531
2000 1.79198
5000 10.0621
10000 36.9025
20000 136.078
50000 784.533


1000 0.053389
2000 0.123153
5000 0.387965
10000 1.00155
20000 3.86306
50000 11.5779
100000 34.9515


1000 0.578857
2000 1.79056
5000 10.0777
10000 36.7987
20000 143.184
50000 777.419


1000 0.726035
2000 1.51906
5000 3.45385
10000 7.20486
20000 17.0253
50000 48.3281
100000 98.1723


1000 0.257932
2000 0.53989
5000 1.37792
10000 2.64538
20000 7.15327
50000 25.3465
100000 72.0166


1000 0.444218
2000 1.09689
5000 4.02135
10000 12.4809
20000 73.5163
50000 856.115


1000 0.487162
2000 1.34528
5000 5.19038
10000 15.4642
20000 50.1517
50000 285.286
100000 1061.92


1000 0.498108
2000 1.36548
5000 5.32788
10000 16.2398
20000 49.6217
50000 295.008
100000 1147.86


1000 0.366853
2000 0.969216
5000 3.63341
10000 10.4731
20000 31.0669
50000 141.809
100000 447.053


1000 0.644965
2000 1.45917
5000 4.28627
10000 10.1519
20000 29.0416
50000 149.604
100000 470.048


1000 0.528693
2000 1.53332
5000 6.6231
10000 21.6329
20000 74.3492
50000 399.409
100000 1401.55


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
