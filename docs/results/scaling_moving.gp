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
1000 1.49217
2000 6.20511
5000 42.7842
10000 184.442
20000 802.548


1000 0.062773
2000 0.120398
5000 0.271512
10000 0.547461
20000 1.54599
50000 4.4314
100000 11.0453


1000 0.099617
2000 0.224973
5000 0.912632
10000 2.40557
20000 7.16174
50000 30.5898
100000 84.0023


1000 0.434524
2000 1.20507
5000 4.8993
10000 14.97
20000 56.2491
50000 224.188
100000 670.512


1000 0.33756
2000 0.977618
5000 4.37543
10000 16.2553
20000 49.5116
50000 193.205
100000 624.194


1000 0.228589
2000 0.476136
5000 1.25877
10000 2.80573
20000 6.69471
50000 18.4752
100000 63.2594


1000 0.583444
2000 1.81885
5000 10.1057
10000 38.2383
20000 147.852
50000 811.933


1000 0.064105
2000 0.120418
5000 0.392732
10000 1.08587
20000 3.24016
50000 11.9838
100000 34.8421


1000 0.574752
2000 1.83556
5000 10.0822
10000 37.7279
20000 142.048
50000 794.185


1000 0.737001
2000 1.51865
5000 3.51236
10000 7.25622
20000 16.319
50000 51.7516
100000 123.408


1000 0.253125
2000 0.541182
5000 1.44995
10000 2.74312
20000 7.78455
50000 26.933
100000 77.2126


1000 0.449205
2000 1.17719
5000 4.14502
10000 13.2633
20000 83.4356
50000 830.239


1000 0.496956
2000 1.41496
5000 5.25804
10000 15.8058
20000 52.4679
50000 316.066
100000 1300.11


1000 0.516405
2000 1.40417
5000 6.31915
10000 16.9106
20000 59.6264
50000 357.571
100000 1691.74


1000 0.385942
2000 0.977519
5000 3.75064
10000 10.6916
20000 38.6176
50000 138.701
100000 463.961


1000 0.685996
2000 1.56058
5000 4.68831
10000 11.8729
20000 54.7736
50000 229.877
100000 478.364


1000 0.526831
2000 1.58636
5000 6.81375
10000 23.232
20000 77.3025
50000 425.555


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
