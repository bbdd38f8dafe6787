/***************************************************************************
 * stencil.cu: 7-point 3D Jacobi stencil with register blocking along z and a
 * shared-memory xy plane, in the style of Parboil's stencil (kernel.cu).
 * Written for the gpurd test corpus.
 ***************************************************************************/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#define Index3D(_nx,_ny,_i,_j,_k) ((_i)+_nx*((_j)+_ny*(_k)))

__global__ void block2D_hybrid_coarsen_x(float c0,float c1,float *A0,float *Anext, int nx, int ny, int nz)
{
	//thread coarsening along x direction
	const int i = blockIdx.x*blockDim.x*2+threadIdx.x;
	const int i2= blockIdx.x*blockDim.x*2+threadIdx.x+blockDim.x;
	const int j = blockIdx.y*blockDim.y+threadIdx.y;
	const int sh_id=threadIdx.x + threadIdx.y*blockDim.x*2;
	const int sh_id2=threadIdx.x +blockDim.x+ threadIdx.y*blockDim.x*2;

	//shared memeory
	extern __shared__ float sh_A0[];
	sh_A0[sh_id]=0.0f;
	sh_A0[sh_id2]=0.0f;
	__syncthreads();

	//get available region for load and store
	const bool w_region =  i>0 && j>0 &&(i<(nx-1)) &&(j<(ny-1)) ;
	const bool w_region2 =  j>0 &&(i2<nx-1) &&(j<ny-1) ;
	const bool x_l_bound = (threadIdx.x==0);
	const bool x_h_bound = ((threadIdx.x+blockDim.x)==(blockDim.x*2-1));
	const bool y_l_bound = (threadIdx.y==0);
	const bool y_h_bound = (threadIdx.y==(blockDim.y-1));

	//register for bottom and top planes
	//because of thread coarsening, we need to doulbe registers
	float bottom=0.0f,bottom2=0.0f,top=0.0f,top2=0.0f;

	//load data for bottom and current
	if((i<nx) &&(j<ny))
	{
		bottom=A0[Index3D (nx, ny, i, j, 0)];
		sh_A0[sh_id]=A0[Index3D (nx, ny, i, j, 1)];
	}
	if((i2<nx) &&(j<ny))
	{
		bottom2=A0[Index3D (nx, ny, i2, j, 0)];
		sh_A0[sh_id2]=A0[Index3D (nx, ny, i2, j, 1)];
	}

	__syncthreads();

	for(int k=1;k<nz-1;k++)
	{
		float a_left_right,a_up,a_down;

		//load required data on xy planes
		//if it on shared memory, load from shared memory
		//if not, load from global memory
		if((i<nx) &&(j<ny))
			top=A0[Index3D (nx, ny, i, j, k+1)];

		if(w_region)
		{
			a_up        =y_h_bound?A0[Index3D (nx, ny, i, j+1, k )]:sh_A0[sh_id+2*blockDim.x];
			a_down      =y_l_bound?A0[Index3D (nx, ny, i, j-1, k )]:sh_A0[sh_id-2*blockDim.x];
			a_left_right=x_l_bound?A0[Index3D (nx, ny, i-1, j, k )]:sh_A0[sh_id-1];

			Anext[Index3D (nx, ny, i, j, k)] = (top + bottom + a_up + a_down + sh_A0[sh_id+1] +a_left_right)*c1
											-  sh_A0[sh_id]*c0;
		}

		//load another block
		if((i2<nx) &&(j<ny))
			top2=A0[Index3D (nx, ny, i2, j, k+1)];

		if(w_region2)
		{
			a_up        =y_h_bound?A0[Index3D (nx, ny, i2, j+1, k )]:sh_A0[sh_id2+2*blockDim.x];
			a_down      =y_l_bound?A0[Index3D (nx, ny, i2, j-1, k )]:sh_A0[sh_id2-2*blockDim.x];
			a_left_right=x_h_bound?A0[Index3D (nx, ny, i2+1, j, k )]:sh_A0[sh_id2+1];

			Anext[Index3D (nx, ny, i2, j, k)] = (top2 + bottom2 + a_up + a_down + a_left_right +sh_A0[sh_id2-1])*c1
											-  sh_A0[sh_id2]*c0;
		}

		//swap data
		__syncthreads();
		bottom=sh_A0[sh_id];
		sh_A0[sh_id]=top;
		bottom2=sh_A0[sh_id2];
		sh_A0[sh_id2]=top2;
		__syncthreads();
	}
}

int main(int argc, char** argv) {
	int nx = 512, ny = 512, nz = 64;
	int iteration = 100;
	float c0=1.0f/6.0f;
	float c1=1.0f/6.0f/6.0f;

	printf("CUDA accelerated 7 points stencil codes****\n");

	//host data
	float *h_A0;
	float *h_Anext;
	//device
	float *d_A0;
	float *d_Anext;

	//load data from files
	size_t size=nx*ny*nz;

	h_A0=(float*)malloc(sizeof(float)*size);
	h_Anext=(float*)malloc(sizeof(float)*size);
	for (size_t i = 0; i < size; i++) h_A0[i] = (float)(i % 13);

	//memory allocation
	cudaMalloc((void **)&d_A0, size*sizeof(float));
	cudaMalloc((void **)&d_Anext, size*sizeof(float));
	cudaMemset(d_Anext,0,size*sizeof(float));

	//memory copy
	cudaMemcpy(d_A0, h_A0, size*sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_Anext, d_A0, size*sizeof(float), cudaMemcpyDeviceToDevice);

	//only use tx-by-ty threads
	int tx=32;
	int ty=4;

	dim3 block (tx, ty, 1);
	//also change threads size maping from tx by ty to 2tx x ty
	dim3 grid ((nx+tx*2-1)/(tx*2), (ny+ty-1)/ty,1);
	int sh_size = tx*2*ty*sizeof(float);

	//main execution
	for(int t=0;t<iteration;t++)
	{
		block2D_hybrid_coarsen_x<<<grid, block,sh_size>>>(c0,c1, d_A0, d_Anext, nx, ny,  nz);
		float *d_temp = d_A0;
		d_A0 = d_Anext;
		d_Anext = d_temp;
	}

	float *d_temp = d_A0;
	d_A0 = d_Anext;
	d_Anext = d_temp;

	cudaMemcpy(h_Anext, d_Anext,size*sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(d_A0);
	cudaFree(d_Anext);

	free (h_A0);
	free (h_Anext);

	return 0;
}
